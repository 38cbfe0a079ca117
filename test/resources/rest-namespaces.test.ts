// svc.topics.subscriptions.retrieve/update, svc.topics.subscribers.retrieve and the integration
// provider links through the real client against the engine (msw), strict validation: answers
// parse with the client's schemas, failures are typed errors, bad bodies never leave the client.
import { BadRequestError, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    topics: [{ key: 'news', subscribers: ['ada'] }],
    integrations: [
      {
        providerId: 'slack',
        channel: 'chat',
        identifier: 'slack',
        active: true,
        credentials: { clientId: 'client-1' },
      },
    ],
  },
});

describe('svc.topics.subscriptions.retrieve / update and svc.topics.subscribers.retrieve', () => {
  it('reads, renames and checks a subscription; undefined for an unknown one', async () => {
    const svc = client();
    expect(await svc.topics.subscriptions.retrieve('news', 'nope')).toBeUndefined();
    const updated = await svc.topics.subscriptions.update('news', 'tk_news:si_ada', {
      name: 'Ada',
    });
    expect(updated).toMatchObject({ name: 'Ada', subscriber: { subscriberId: 'ada' } });
    expect((await svc.topics.subscriptions.retrieve('news', 'tk_news:si_ada'))?.name).toBe('Ada');
    expect((await svc.topics.subscribers.retrieve('news', 'ada')).topicKey).toBe('news');
    expect(await rejection(svc.topics.subscribers.retrieve('news', 'ghost'))).toBeInstanceOf(
      NotFoundError,
    );
    expect(
      await rejection(svc.topics.subscriptions.update('ghost', 'x', { name: 'y' })),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await rejection(
        svc.topics.subscriptions.update('news', 'tk_news:si_ada', {
          preferences: 'welcome' as never,
        }),
      ),
    ).toBeInstanceOf(SvcValidationError);
  });
});

describe('svc.integrations provider links', () => {
  it('answers the Slack OAuth URL; the service errors are typed', async () => {
    const svc = client();
    const { url } = await svc.integrations.generateConnectOAuthUrl({
      integrationIdentifier: 'slack',
    });
    expect(new URL(url).searchParams.get('client_id')).toBe('client-1');
    expect(
      await rejection(svc.integrations.generateChatOAuthUrl({ integrationIdentifier: 'ghost' })),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await rejection(
        svc.integrations.generateChatOAuthUrl({
          integrationIdentifier: 'slack',
          scope: ['incoming-webhook'],
        }),
      ),
    ).toBeInstanceOf(BadRequestError);
    expect(
      await rejection(
        svc.integrations.linkChannelEndpoint({ integrationIdentifier: 'slack' } as never),
      ),
    ).toBeInstanceOf(SvcValidationError);
  });
});
