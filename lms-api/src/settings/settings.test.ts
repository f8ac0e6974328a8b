import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maintenanceMode: true, useCaptcha: true, introVideoUrl: 'https://video.example/intro.mp4', introVideoCaptionsUrl: '/captions/intro.vtt' });
});
afterAll(() => t.close());

describe('GET /api/v1/config', () => {
  it('serves the environment settings, the intro video and the office details', async () => {
    const res = await t.client().get('/api/v1/config').expect(200);
    expect(res.body).toEqual({
      production: false,
      dev_admin_mode: false,
      use_captcha: true,
      maintenance_mode: true,
      contact_form_enabled: true,
      api_base_url: '/api/v1',
      captcha_endpoint: '/api/v1/contact/captcha-challenge',
      intro_video: { url: 'https://video.example/intro.mp4', captions_url: '/captions/intro.vtt' },
      office: {
        name: 'Office de surveillance de l’accessibilité des produits et services',
        short_name: 'OSAPS',
        address: ['11, rue Robert Stümper', 'L-2557 Luxembourg-Gasperich'],
        phone: '(+352) 247-76555',
        email: 'info@osaps.etat.lu',
        website: 'https://accessibilite-produits-services.public.lu',
        law_url: 'https://accessibilite-produits-services.public.lu/fr/communaute/loi.html',
      },
    });
  });

  it('answers null for the intro video when none is configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.client().get('/api/v1/config').expect(200);
      expect(res.body).toMatchObject({ intro_video: null, maintenance_mode: false, use_captcha: false });
    } finally {
      await plain.close();
    }
  });
});

describe('GET /api/v1/utils/scorm-versions/', () => {
  it('offers 1.2, 2004 3rd Edition, 2004 4th Edition and 2004 generic as value/label pairs', async () => {
    const res = await t.client().get('/api/v1/utils/scorm-versions/').expect(200);
    expect(res.body.map((v: { value: string }) => v.value)).toEqual(['1.2', '2004 3rd Edition', '2004 4th Edition', '2004']);
    expect(res.body[0]).toEqual({ value: '1.2', label: 'SCORM 1.2' });
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents every route with its parameters, body and answer schemas', async () => {
    const res = await t.client().get('/api/v1/openapi.json').expect(200);
    const paths = res.body.paths as Record<string, Record<string, { parameters: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>>;
    for (const op of t.api.operations) {
      const documented = paths['/api/v1' + op.path.replace(/:(\w+)/g, '{$1}')]?.[op.method];
      expect(documented, `${op.method} ${op.path}`).toBeDefined();
    }
    expect(paths['/api/v1/modules/']?.post.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(paths['/api/v1/courses/id/{id}/progress/']?.post.requestBody?.content).toHaveProperty('application/json');
    expect(paths['/api/v1/users/admin/users']?.get.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['range', 'sort', 'filter', 'q', 'page', 'per_page', 'sort_by', 'order']),
    );
    expect(paths['/api/v1/admin/stats']?.get.responses).toHaveProperty('403');
  });
});
