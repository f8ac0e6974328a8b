import yauzl, { type Entry } from 'yauzl';
import { describe, expect, it } from 'vitest';
import { applyParameters, parseScormManifest } from './scorm';
import { PackageError } from './errors';
import { fixture } from './testing';

/** Reads every imsmanifest.xml of the ADL conformance-suite archive into memory (small text files). */
function readManifests(zipPath: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, string>();
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: Entry) => {
        if (!entry.fileName.endsWith('/imsmanifest.xml')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('SCORM manifest parser', () => {
  it('parses all 189 ADL SCORM 2004 4th Edition conformance-suite manifests', async () => {
    const manifests = await readManifests(fixture('scorm', 'adl-cts', 'adl-cts-2004-4th-lmsrte-testcases-and-manifests.zip'));
    expect(manifests.size).toBe(189);
    let withSequencing = 0;
    for (const [name, xml] of manifests) {
      const manifest = await parseScormManifest(xml);
      expect(manifest.version, name).toMatch(/^2004/);
      expect(manifest.default_organization, name).toBeTruthy();
      expect(manifest.scos.length, name).toBeGreaterThan(0);
      for (const sco of manifest.scos) expect(sco.launch_url, name).not.toBe('');
      if (manifest.sequencing || manifest.organizations[0].items.some((item) => item.sequencing)) withSequencing++;
    }
    // The suite is about sequencing: nearly every manifest carries some.
    expect(withSequencing).toBeGreaterThan(150);
  });

  it('detects each schemaversion', async () => {
    const make = (schemaversion: string) =>
      `<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><metadata><schema>ADL SCORM</schema><schemaversion>${schemaversion}</schemaversion></metadata>
       <organizations default="o"><organization identifier="o"><title>T</title><item identifier="i" identifierref="r"><title>I</title></item></organization></organizations>
       <resources><resource identifier="r" type="webcontent" href="a.html"/></resources></manifest>`;
    expect((await parseScormManifest(make('1.2'))).version).toBe('1.2');
    expect((await parseScormManifest(make('CAM 1.3'))).version).toBe('2004 2nd Edition');
    expect((await parseScormManifest(make('2004 3rd Edition'))).version).toBe('2004 3rd Edition');
    expect((await parseScormManifest(make('2004 4th Edition'))).version).toBe('2004 4th Edition');
  });

  it('honours xml:base on manifest, resources and resource', async () => {
    const manifest = await parseScormManifest(
      `<manifest identifier="m" xml:base="course/"><metadata><schemaversion>1.2</schemaversion></metadata>
       <organizations default="o"><organization identifier="o"><title>T</title>
         <item identifier="i" identifierref="r" parameters="?page=2"><title>I</title></item></organization></organizations>
       <resources xml:base="res/"><resource identifier="r" type="webcontent" adlcp:scormtype="sco" xml:base="sco1/" href="index.html#top"
         xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><file href="index.html"/></resource></resources></manifest>`,
    );
    expect(manifest.resources[0].launch_url).toBe('course/res/sco1/index.html#top');
    expect(manifest.resources[0].files).toEqual(['course/res/sco1/index.html']);
    expect(manifest.scos[0].launch_url).toBe('course/res/sco1/index.html?page=2#top');
  });

  it('joins item parameters per CAM 3.4.1.13', () => {
    expect(applyParameters('a.html', '?x=1')).toBe('a.html?x=1');
    expect(applyParameters('a.html?y=2', '&x=1')).toBe('a.html?y=2&x=1');
    expect(applyParameters('a.html', '#frag')).toBe('a.html#frag');
    expect(applyParameters('a.html#top', '#frag')).toBe('a.html#top');
    expect(applyParameters('a.html', null)).toBe('a.html');
  });

  it('rejects malformed and unlaunchable manifests with a reason', async () => {
    await expect(parseScormManifest('<manifest><unclosed></manifest>')).rejects.toThrow(/not well-formed XML/);
    await expect(parseScormManifest('<package/>')).rejects.toThrow(PackageError);
    await expect(
      parseScormManifest(
        `<manifest identifier="m"><metadata><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o">
         <item identifier="i" identifierref="nope"><title>I</title></item></organization></organizations><resources/></manifest>`,
      ),
    ).rejects.toThrow(/refers to resource "nope"/);
  });
});
