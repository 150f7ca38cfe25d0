import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { ArlonClient } from './ArlonClient';

const server = setupServer();

describe('ArlonClient', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const client = new ArlonClient({
    discoveryApi: { getBaseUrl: async id => `http://backstage.test/api/${id}` },
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });

  it('reads the health report from /api/arlon/health', async () => {
    const report = {
      managementClusters: [],
      fleetRepository: { status: 'notConfigured' },
      checkedAt: '2026-12-02T00:00:00.000Z',
    };
    server.use(
      http.get('http://backstage.test/api/arlon/health', () =>
        HttpResponse.json(report),
      ),
    );
    await expect(client.getHealth()).resolves.toEqual(report);
  });

  it("keeps the backend's error and status for the error panel", async () => {
    server.use(
      http.get('http://backstage.test/api/arlon/health', () =>
        HttpResponse.json(
          {
            error: {
              name: 'AuthenticationError',
              message: 'Missing credentials',
            },
            request: { method: 'GET', url: '/api/arlon/health' },
            response: { statusCode: 401 },
          },
          { status: 401 },
        ),
      ),
    );
    await expect(client.getHealth()).rejects.toMatchObject({
      name: 'ResponseError',
      message: 'Request failed with 401 Unauthorized',
      body: { error: { message: 'Missing credentials' } },
    });
  });
});
