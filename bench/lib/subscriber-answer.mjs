// The answer the client-overhead benches serve for `GET /v2/subscribers/user-1` (loopback server,
// instant fetch, profile): one body, so their figures measure the same parse and validation.
export const SUBSCRIBER_ANSWER = JSON.stringify({
  data: {
    _id: '6955b90000000000000000a1',
    subscriberId: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '+15550100',
    locale: 'en-GB',
    data: { plan: 'pro', seats: 12 },
    channels: [],
    _organizationId: '6955b90000000000000000a2',
    _environmentId: '6955b90000000000000000a3',
    deleted: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
});
