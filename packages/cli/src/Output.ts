/** Where a command writes; tests capture it, the bin passes the process's streams. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export const processOutput: Output = {
  out: text => process.stdout.write(text),
  err: text => process.stderr.write(text),
};
