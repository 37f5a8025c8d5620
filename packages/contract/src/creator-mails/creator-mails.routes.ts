import { defineRoutes } from '../platform/route';
import { ZCreatorMailSettings, ZCreatorMailSettingsRequest } from './creator-mails.schema';

const tags = ['creator-mails'] as const;
const signedIn = { permission: null };

/** The caller's own mail settings: nobody reads or changes another creator's. */
export const creatorMailsRoutes = defineRoutes({
  settings: {
    method: 'GET',
    path: '/api/v1/creator-mails/settings',
    summary: 'Which mails the caller gets about sales, payouts and refunds (the defaults until saved)',
    tags,
    response: ZCreatorMailSettings,
    access: signedIn,
  },
  save: {
    method: 'PUT',
    path: '/api/v1/creator-mails/settings',
    summary:
      "Saves which mails the caller gets; they are written in the language of this request (the studio's)",
    tags,
    body: ZCreatorMailSettingsRequest,
    response: ZCreatorMailSettings,
    access: signedIn,
  },
});
