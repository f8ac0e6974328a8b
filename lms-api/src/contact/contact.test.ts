import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestAppWith, type TestApp, type TestClient } from '../test/helpers';

const valid = { first_name: 'Marie', last_name: 'Muller', email: 'marie@example.lu', phone: '+352 621 123 456', message: 'Bonjour, une question.' };

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const messageCount = async (t: TestApp) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages'))[0].n;

async function solvedToken(client: TestClient): Promise<string> {
  const { body: challenge } = await client.get('/api/v1/contact/captcha-challenge').expect(200);
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solvable');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}

describe('POST /api/v1/contact/submit without captcha or SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a valid message (phone optional) and answers 201', async () => {
    const res = await t.client().post('/api/v1/contact/submit').send(valid).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), created_at: expect.any(String) });
    const { phone: _phone, ...withoutPhone } = valid;
    await t.client().post('/api/v1/contact/submit').send({ ...withoutPhone, phone: '' }).expect(201);
    const rows = await t.db.query('SELECT first_name, last_name, email, phone, message, forwarded_at FROM contact_messages ORDER BY id');
    expect(rows).toEqual([
      { ...valid, forwarded_at: null },
      { ...withoutPhone, phone: null, forwarded_at: null },
    ]);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const before = await messageCount(t);
    const cases: [object, string][] = [
      [{ ...valid, first_name: '' }, 'First name is required.'],
      [{ ...valid, first_name: 'M' }, 'First name must be at least 2 characters.'],
      [{ ...valid, last_name: undefined }, 'Last name is required.'],
      [{ ...valid, last_name: ' M ' }, 'Last name must be at least 2 characters.'],
      [{ ...valid, email: '' }, 'Email address is required.'],
      [{ ...valid, email: 'marie@' }, 'Please enter a valid email address.'],
      [{ ...valid, phone: 'call me' }, 'Please enter a valid phone number.'],
      [{ ...valid, message: '   ' }, 'Message is required.'],
      [{ ...valid, message: 'Hi' }, 'Message must be at least 5 characters.'],
      [{ ...valid, message: 'x'.repeat(10_001) }, 'message must NOT have more than 10000 characters.'],
      [{ ...valid, website: 'spam' }, 'website is not an allowed field.'],
    ];
    for (const [body, detail] of cases) {
      const res = await t.client().post('/api/v1/contact/submit').send(body);
      expect([res.status, res.body.detail], detail).toEqual([400, detail]);
    }
    expect(await messageCount(t)).toBe(before);
  });

  it('requires the anti-forgery header', async () => {
    const { default: request } = await import('supertest');
    await request(t.app).post('/api/v1/contact/submit').send(valid).expect(403);
  });
});

describe('contact form disabled', () => {
  it('answers 404 with the message and stores nothing', async () => {
    const t = await createTestApp({ contactFormEnabled: false });
    try {
      const res = await t.client().post('/api/v1/contact/submit').send(valid).expect(404);
      expect(res.body).toEqual({ detail: 'The contact form is disabled.' });
      await t.client().get('/api/v1/contact/captcha-challenge').expect(404);
      expect(await messageCount(t)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('with the ALTCHA captcha on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ useCaptcha: true });
  });
  afterAll(() => t.close());

  it('accepts a solved challenge once and refuses its replay', async () => {
    const token = await solvedToken(t.client());
    await t.client().post('/api/v1/contact/submit').send({ ...valid, captcha_token: token }).expect(201);
    const replay = await t.client().post('/api/v1/contact/submit').send({ ...valid, captcha_token: token }).expect(400);
    expect(replay.body.detail).toBe('This captcha was already used. Please solve a new one.');
    expect(await messageCount(t)).toBe(1);
  });

  it('refuses a missing, forged or wrongly solved captcha', async () => {
    const before = await messageCount(t);
    expect((await t.client().post('/api/v1/contact/submit').send(valid).expect(400)).body.detail).toBe('Please complete the captcha.');
    const { body: challenge } = await t.client().get('/api/v1/contact/captcha-challenge').expect(200);
    const wrong = Buffer.from(JSON.stringify({ ...challenge, number: -1 })).toString('base64');
    expect((await t.client().post('/api/v1/contact/submit').send({ ...valid, captcha_token: wrong }).expect(400)).body.detail).toBe(
      'Captcha verification failed. Please try again.',
    );
    await t.client().post('/api/v1/contact/submit').send({ ...valid, captcha_token: 'not-base64-json' }).expect(400);
    // A challenge signed with another key is refused even when solved.
    const other = await createTestApp({ useCaptcha: true, secretKey: 'another-secret-another-secret-0123456789' });
    try {
      const foreign = await solvedToken(other.client());
      await t.client().post('/api/v1/contact/submit').send({ ...valid, captcha_token: foreign }).expect(400);
    } finally {
      await other.close();
    }
    expect(await messageCount(t)).toBe(before);
  });

  it('still validates fields before spending the captcha', async () => {
    const token = await solvedToken(t.client());
    await t.client().post('/api/v1/contact/submit').send({ ...valid, email: 'bad', captcha_token: token }).expect(400);
    await t.client().post('/api/v1/contact/submit').send({ ...valid, captcha_token: token }).expect(201);
  });
});

describe('forwarding by SMTP', () => {
  it('sends the message to the office and records the forwarding', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ smtpUrl: smtp.url, contactRecipient: 'office@example.lu', contactSender: 'platform@example.lu' });
    try {
      const res = await t.client().post('/api/v1/contact/submit').send(valid).expect(201);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].from).toBe('platform@example.lu');
      expect(smtp.received[0].to).toEqual(['office@example.lu']);
      expect(smtp.received[0].data).toContain('Reply-To: Marie Muller <marie@example.lu>');
      expect(smtp.received[0].data).toContain('Bonjour, une question.');
      const [row] = await t.db.query<{ forwarded_at: Date | null; forward_error: string | null }>(
        'SELECT forwarded_at, forward_error FROM contact_messages WHERE id = $1',
        [res.body.id],
      );
      expect(row.forwarded_at).not.toBeNull();
      expect(row.forward_error).toBeNull();
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('keeps the message with the error when the mail server is unreachable', async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const t = await createTestApp({ smtpUrl: smtp.url });
    try {
      const res = await t.client().post('/api/v1/contact/submit').send(valid).expect(201);
      const [row] = await t.db.query<{ forwarded_at: Date | null; forward_error: string | null }>(
        'SELECT forwarded_at, forward_error FROM contact_messages WHERE id = $1',
        [res.body.id],
      );
      expect(row.forwarded_at).toBeNull();
      expect(row.forward_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.close();
    }
  });
});

describe('admin contact messages', () => {
  let t: TestApp;
  let admin: TestClient;
  let learner: TestClient;
  beforeAll(async () => {
    ({ t, admin, learner } = await createTestAppWith(['admin', 'learner']));
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      await t.client().post('/api/v1/contact/submit').send({ ...valid, last_name: name }).expect(201);
    }
  });
  afterAll(() => t.close());

  it('lists newest first with react-admin headers, search and paging', async () => {
    const res = await admin.get('/api/v1/admin/contact-messages').expect(200);
    expect(res.body.map((m: { last_name: string }) => m.last_name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(res.headers['content-range']).toBe('contact-messages 0-2/3');
    expect(res.headers['x-total-count']).toBe('3');
    const page = await admin.get('/api/v1/admin/contact-messages').query({ range: '[1,1]', sort: '["last_name","ASC"]' }).expect(200);
    expect(page.body.map((m: { last_name: string }) => m.last_name)).toEqual(['Bravo']);
    const search = await admin.get('/api/v1/admin/contact-messages').query({ filter: '{"q":"brav"}' }).expect(200);
    expect(search.body).toHaveLength(1);
    expect((await admin.get('/api/v1/admin/contact-messages?sort_by=message').expect(400)).body.detail).toMatch(/^Cannot sort by message/);
  });

  it('shows one message, deletes it, and answers 404 afterwards', async () => {
    const [first] = (await admin.get('/api/v1/admin/contact-messages').expect(200)).body;
    expect((await admin.get(`/api/v1/admin/contact-messages/${first.id}`).expect(200)).body).toMatchObject({ id: first.id, email: valid.email });
    await learner.delete(`/api/v1/admin/contact-messages/${first.id}`).expect(403);
    await t.client().delete(`/api/v1/admin/contact-messages/${first.id}`).expect(401);
    expect((await admin.delete(`/api/v1/admin/contact-messages/${first.id}`).expect(200)).body.id).toBe(first.id);
    expect((await admin.get(`/api/v1/admin/contact-messages/${first.id}`).expect(404)).body.detail).toBe('Message not found.');
    expect((await admin.delete(`/api/v1/admin/contact-messages/${first.id}`).expect(404)).body.detail).toBe('Message not found.');
    expect(await messageCount(t)).toBe(2);
  });
});
