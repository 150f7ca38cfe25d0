import { Link } from '@backstage/core-components';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import type { TemplateLinkSpec } from './day2Templates';
import { useTemplateLink } from './useTemplateLink';

/** One template link, only for those the policy lets run it (and only with a scaffolder bound). */
function TemplateLink({ link }: { link: TemplateLinkSpec }) {
  const to = useTemplateLink(link.templateName, link.formData);
  const { allowed } = usePermission({
    permission: link.permission,
    resourceRef: link.resourceRef,
  });
  if (!to || !allowed) return null;
  return <Link to={to}>{link.title}</Link>;
}

/** Pre-filled links to Arlon's day-2 software templates. */
export function TemplateLinks({ links }: { links: TemplateLinkSpec[] }) {
  return (
    <Box
      display="flex"
      flexWrap="wrap"
      style={{ gap: 16 }}
      role="navigation"
      aria-label="Day-2 templates"
    >
      {links.map(link => (
        <TemplateLink key={link.templateName} link={link} />
      ))}
    </Box>
  );
}
