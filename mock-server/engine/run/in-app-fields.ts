/**
 * The in-app message fields (`content`, `subject`, `avatar`, `cta`, `data`) built from an in-app
 * step's rendered control values, in the Message shape of `src/schemas/message.ts`.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import type { MessageButton, MessageCTA } from '../../../src/schemas/message';
import type { Action, InAppControlValues, Redirect } from '../../../src/schemas/workflow';

/** The in-app fields of a Message. */
export interface InAppMessageFields {
  readonly content: string;
  readonly subject?: string;
  readonly avatar?: string;
  readonly cta: MessageCTA;
  readonly data?: JsonObject;
}

const redirectData = (redirect: Redirect | undefined): { url?: string; target?: string } => {
  const data: { url?: string; target?: string } = {};
  if (typeof redirect?.url === 'string' && redirect.url !== '') data.url = redirect.url;
  if (typeof redirect?.target === 'string') data.target = redirect.target;
  return data;
};

const button = (type: 'primary' | 'secondary', action: Action | undefined) => {
  if (action === undefined || typeof action.label !== 'string' || action.label === '') {
    return undefined;
  }
  return {
    type,
    content: action.label,
    ...redirectData(action.redirect),
  } satisfies MessageButton;
};

/**
 * Builds the in-app Message fields from rendered control values: `body` becomes `content`,
 * `redirect` becomes `cta.data` (`type: 'redirect'`), and `primaryAction` / `secondaryAction`
 * become `cta.action.buttons` with `status: 'pending'`.
 */
export function inAppMessageFields(controls: InAppControlValues): InAppMessageFields {
  const buttons = [
    button('primary', controls.primaryAction),
    button('secondary', controls.secondaryAction),
  ].filter((item) => item !== undefined);
  const data = redirectData(controls.redirect);
  const cta: MessageCTA = {
    type: 'redirect',
    ...(Object.keys(data).length > 0 ? { data } : {}),
    ...(buttons.length > 0 ? { action: { status: 'pending', buttons } } : {}),
  };
  return {
    content: controls.body ?? '',
    ...(typeof controls.subject === 'string' && controls.subject !== ''
      ? { subject: controls.subject }
      : {}),
    ...(typeof controls.avatar === 'string' && controls.avatar !== ''
      ? { avatar: controls.avatar }
      : {}),
    cta,
    ...(controls.data !== undefined ? { data: controls.data } : {}),
  };
}
