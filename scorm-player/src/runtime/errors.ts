// Error tables as data: one row per code with its error string.

/** SCORM 2004 RTE error codes (platform spec section 8 "Course-data-model error codes"). */
export const SCORM2004_ERRORS: Readonly<Record<number, string>> = {
  0: 'No Error',
  101: 'General Exception',
  102: 'General Initialization Failure',
  103: 'Already Initialized',
  104: 'Content Instance Terminated',
  111: 'General Termination Failure',
  112: 'Termination Before Initialization',
  113: 'Termination After Termination',
  122: 'Retrieve Data Before Initialization',
  123: 'Retrieve Data After Termination',
  132: 'Store Data Before Initialization',
  133: 'Store Data After Termination',
  142: 'Commit Before Initialization',
  143: 'Commit After Termination',
  201: 'General Argument Error',
  202: 'Element cannot have children',
  203: 'Element not an array, cannot have count',
  301: 'General Get Failure',
  351: 'General Set Failure',
  391: 'General Commit Failure',
  401: 'Undefined Data Model Element',
  402: 'Unimplemented Data Model Element',
  403: 'Data Model Element Value Not Initialized',
  404: 'Data Model Element Is Read Only',
  405: 'Data Model Element Is Write Only',
  406: 'Type Mismatch',
  407: 'Value Out Of Range',
  408: 'Dependency Not Established',
};

/** SCORM 1.2 RTE error codes. */
export const SCORM12_ERRORS: Readonly<Record<number, string>> = {
  0: 'No error',
  101: 'General exception',
  201: 'Invalid argument error',
  202: 'Element cannot have children',
  203: 'Element not an array - cannot have count',
  301: 'Not initialized',
  401: 'Not implemented error',
  402: 'Invalid set value, element is a keyword',
  403: 'Element is read only',
  404: 'Element is write only',
  405: 'Incorrect data type',
};

/** Platform spec section 8: "An unknown code gives 'Unknown error code.'" */
export const UNKNOWN_ERROR_CODE = 'Unknown error code.';

/**
 * Which code each version uses for each data-model failure. 1.2 and 2004 number the same
 * situations differently (platform spec section 4: 1.2 uses 404/402/403 and 2004 405/404).
 */
export interface ErrorCodeMap {
  readonly generalException: number;
  /** GetValue("") */
  readonly emptyGet: number;
  /** SetValue("", ...) */
  readonly emptySet: number;
  readonly undefinedElement: number;
  readonly noChildren: number;
  readonly noCount: number;
  readonly readOnly: number;
  readonly writeOnly: number;
  /** SetValue on _children, _count or _version. */
  readonly keyword: number;
  readonly typeMismatch: number;
  readonly outOfRange: number;
  readonly getIndexOutOfRange: number;
  readonly setIndexOutOfRange: number;
  /** 2004 403; 1.2 has no such code and returns "" with no error. */
  readonly notInitialized: number;
  /** 2004 408; 1.2 has no dependency rule. */
  readonly dependency: number;
  readonly generalSet: number;
}

export const SCORM2004_CODES: ErrorCodeMap = {
  generalException: 101,
  emptyGet: 301,
  emptySet: 351,
  undefinedElement: 401,
  noChildren: 301,
  noCount: 301,
  readOnly: 404,
  writeOnly: 405,
  keyword: 404,
  typeMismatch: 406,
  outOfRange: 407,
  getIndexOutOfRange: 301,
  setIndexOutOfRange: 351,
  notInitialized: 403,
  dependency: 408,
  generalSet: 351,
};

export const SCORM12_CODES: ErrorCodeMap = {
  generalException: 101,
  emptyGet: 201,
  emptySet: 201,
  undefinedElement: 201,
  noChildren: 202,
  noCount: 203,
  readOnly: 403,
  writeOnly: 404,
  keyword: 402,
  typeMismatch: 405,
  outOfRange: 405,
  getIndexOutOfRange: 201,
  setIndexOutOfRange: 201,
  notInitialized: 0,
  dependency: 0,
  generalSet: 101,
};
