import type englishMessages from 'ra-language-english';

/** The exact key tree of react-admin's English messages, with any strings (so de and lb cannot miss a key). */
type Shape<T> = { [K in keyof T]-?: T[K] extends string | undefined ? string : Shape<T[K]> };
export type RaMessages = Shape<Pick<typeof englishMessages, 'ra'>>;
