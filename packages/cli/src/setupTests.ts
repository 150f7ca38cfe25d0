// Jest's project config cannot set testTimeout when the whole repository's tests run
// together (it is a global option there); these tests start real servers, so set it here.
jest.setTimeout(30_000);

// No test reads the contexts of whoever runs it: a current arlon context on a
// developer's machine would change what commands without --context do.
process.env.ARLON_CONFIG = require('node:path').join(
  require('node:os').tmpdir(),
  `arlon-cli-tests-${process.pid}-no-contexts`,
  'contexts.yaml',
);
