import { Type } from '@sinclair/typebox';
import type { Api } from '../http/api';
import type { AppDeps } from '../deps';
import { AdminListQuery } from '../admin/schema';
import { contentRange, filterIds, readListQuery } from '../admin/list-query';
import { CaptchaChallenge, ContactMessage, ContactReceipt, ContactSubmission, MessageIdParams } from './schema';
import { newChallenge } from './captcha';
import { presentMessage } from './present';
import * as service from './service';
import { MESSAGE_SORT_COLUMNS, listMessages } from './store';

export function registerContactRoutes(api: Api, { db, config }: AppDeps): void {
  api.route(
    {
      method: 'get',
      path: '/contact/captcha-challenge',
      summary: 'A fresh ALTCHA proof-of-work challenge for the contact form',
      tag: 'contact',
      access: 'public',
      response: CaptchaChallenge,
    },
    async ({ res }) => {
      service.requireContactForm(config);
      res.set('Cache-Control', 'no-store');
      return newChallenge(config.secretKey);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/contact/submit',
      summary: 'Send a message to the accessibility office',
      description: "404 'The contact form is disabled.' when the form is off; the captcha is required when use_captcha is on.",
      tag: 'contact',
      access: 'public',
      body: ContactSubmission,
      status: 201,
      response: ContactReceipt,
    },
    async ({ body }) => {
      const saved = await service.submitContact(db, config, body);
      return { id: saved.id, created_at: presentMessage(saved).created_at };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/admin/contact-messages',
      summary: 'Contact messages (newest first), with search and paging',
      description: 'ra-data-simple-rest conventions: JSON array, `Content-Range: contact-messages first-last/total`, `X-Total-Count`.',
      tag: 'admin',
      access: 'admin',
      query: AdminListQuery,
      response: Type.Array(ContactMessage),
    },
    async ({ query, res }) => {
      const request = readListQuery(query, {
        sortable: Object.keys(MESSAGE_SORT_COLUMNS),
        defaultSort: 'created_at',
        defaultDescending: true,
        defaultPageSize: 25,
      });
      const q = typeof request.filter.q === 'string' && request.filter.q.trim() ? request.filter.q.trim() : undefined;
      const { rows, total } = await listMessages(
        db,
        { q, ids: filterIds(request.filter.id) },
        { offset: request.offset, limit: request.limit, sortColumn: MESSAGE_SORT_COLUMNS[request.sortField], descending: request.descending },
      );
      res.set('Content-Range', contentRange('contact-messages', request.offset, rows.length, total));
      res.set('X-Total-Count', String(total));
      return rows.map(presentMessage);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/admin/contact-messages/:id',
      summary: 'One contact message',
      tag: 'admin',
      access: 'admin',
      params: MessageIdParams,
      response: ContactMessage,
    },
    async ({ params }) => presentMessage(await service.getMessage(db, params.id)),
  );

  api.route(
    {
      method: 'delete',
      path: '/admin/contact-messages/:id',
      summary: 'Delete a contact message (answers the deleted message, as react-admin expects)',
      tag: 'admin',
      access: 'admin',
      params: MessageIdParams,
      response: ContactMessage,
    },
    async ({ params }) => presentMessage(await service.deleteMessage(db, params.id)),
  );
}
