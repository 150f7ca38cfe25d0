// Jest's project config cannot set testTimeout when the whole repository's tests run
// together (it is a global option there); these tests start real servers, so set it here.
jest.setTimeout(30_000);
