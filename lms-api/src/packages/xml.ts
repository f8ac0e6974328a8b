import xml2js from 'xml2js';
import { PackageError } from './errors';

/** An XML element with namespace prefixes stripped, attributes by local name and children in document order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  /** Trimmed text content of the element itself (not of its children). */
  text: string;
  children: XmlElement[];
}

interface RawElement {
  '#name': string;
  $?: Record<string, string>;
  _?: string;
  $$?: RawElement[];
}

const stripPrefix = xml2js.processors.stripPrefix;

function toElement(raw: RawElement): XmlElement {
  return {
    name: raw['#name'],
    attrs: raw.$ ?? {},
    text: (raw._ ?? '').trim(),
    children: (raw.$$ ?? []).filter((child) => child['#name'] !== '__text__').map(toElement),
  };
}

/**
 * Parses XML into XmlElement (xml2js; sax does not resolve external entities, so no XXE). Prefixes are stripped
 * from element and attribute names (`adlcp:scormtype` -> `scormtype`, `xml:base` -> `base`) unless `keepPrefixes`.
 */
export async function parseXml(text: string, fileName: string, options: { keepPrefixes?: boolean } = {}): Promise<XmlElement> {
  const parser = new xml2js.Parser({
    explicitChildren: true,
    preserveChildrenOrder: true,
    explicitCharkey: true,
    charsAsChildren: false,
    includeWhiteChars: false,
    explicitRoot: true,
    trim: true,
    tagNameProcessors: options.keepPrefixes ? [] : [stripPrefix],
    attrNameProcessors: options.keepPrefixes ? [] : [stripPrefix],
  });
  let result: Record<string, RawElement>;
  try {
    result = (await parser.parseStringPromise(text.replace(/^\uFEFF/, ''))) as Record<string, RawElement>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new PackageError(`${fileName} is not well-formed XML (${reason}).`);
  }
  const [rootName] = Object.keys(result ?? {});
  if (!rootName) throw new PackageError(`${fileName} is empty.`);
  return toElement({ ...result[rootName], '#name': rootName });
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((child) => child.name === name) : [];
}

export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((child) => child.name === name);
}

/** Text of the first child named `name`, or null when absent or empty. */
export function childText(element: XmlElement | undefined, name: string): string | null {
  const child = childNamed(element, name);
  return child && child.text !== '' ? child.text : null;
}

/** A JSON value of the element kept for later engines: attributes as fields, children by name (arrays), text as `value`. */
export type Plain = { [key: string]: string | Plain[] };

export function toPlain(element: XmlElement): Plain {
  const plain: Plain = { ...element.attrs };
  if (element.text !== '') plain.value = element.text;
  for (const child of element.children) {
    const list = plain[child.name];
    if (Array.isArray(list)) list.push(toPlain(child));
    else plain[child.name] = [toPlain(child)];
  }
  return plain;
}
