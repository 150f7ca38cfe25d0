/** A template's commit: message and author name the user who started the task. */
export function templateWrite(
  credentials: { principal: unknown },
  message: string,
) {
  const principal = credentials.principal as { userEntityRef?: string };
  const user = principal.userEntityRef ?? 'a Backstage software template';
  return {
    message: `${message}\n\nRequested by ${user} through a Backstage software template.`,
    author: { name: user, email: 'arlon@backstage.invalid' },
  };
}
