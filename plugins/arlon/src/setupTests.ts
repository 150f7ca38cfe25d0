import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// CI machines are shared and noisy: a full interaction test (render, type,
// click through a dialog) can take several seconds there, and a `findBy`
// more than the default second. Generous limits fail only what truly hangs.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
