import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// See plugins/arlon/src/setupTests.ts: shared, noisy CI machines.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
