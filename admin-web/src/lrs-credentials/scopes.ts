/** xAPI 2.0 Part 3 4.1 (OAuth scopes) as the LRS's credentials use them. */
export const XAPI_SCOPES = ['statements/write', 'statements/read', 'statements/read/mine', 'all/read', 'all', 'state', 'define', 'profile'] as const;
export type XapiScope = (typeof XAPI_SCOPES)[number];
