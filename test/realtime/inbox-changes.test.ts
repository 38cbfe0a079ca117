// The change hub the Inbox socket can listen to (mock-server/realtime/inbox-changes.ts).
import { describe, expect, it, vi } from 'vitest';
import {
  createInboxChangeHub,
  type InboxSocketChange,
} from '../../mock-server/realtime/inbox-changes';

const change: InboxSocketChange = {
  kind: 'counts',
  environment: 'env',
  subscriberId: 'ada',
  counts: { unseen: 0, unread: 0, unreadBySeverity: { high: 0, medium: 0, low: 0, none: 0 } },
};

describe('createInboxChangeHub', () => {
  it('hands each change to every listener until it stops, in the order they subscribed', () => {
    const hub = createInboxChangeHub();
    const heard: string[] = [];
    const stopFirst = hub.subscribe(() => heard.push('first'));
    hub.subscribe(() => heard.push('second'));
    hub.publish(change);
    stopFirst();
    hub.publish(change);
    expect(heard).toEqual(['first', 'second', 'second']);
  });

  it('keeps telling the others when a listener throws', () => {
    const hub = createInboxChangeHub();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: InboxSocketChange[] = [];
    hub.subscribe(() => {
      throw new Error('broken listener');
    });
    hub.subscribe((received) => heard.push(received));
    hub.publish(change);
    expect(heard).toEqual([change]);
    expect(error).toHaveBeenCalledWith(
      '[svc-mock] an Inbox change listener failed:',
      expect.any(Error),
    );
    error.mockRestore();
  });

  it('stops one subscription of a listener subscribed twice at a time', () => {
    const hub = createInboxChangeHub();
    let count = 0;
    const listener = () => {
      count += 1;
    };
    const stop = hub.subscribe(listener);
    hub.subscribe(listener);
    stop();
    hub.publish(change);
    expect(count).toBe(1);
  });
});
