// The run-time API behaviour both versions share (SCORM 2004 RTE 3.1 API instance states,
// SCORM 1.2 RTE 3.3): the state machine, the argument and state checks of every call, the
// last error, and a guard so that no call ever throws into the content. Each version supplies
// only its data (method names, error codes and strings) and its version-specific rules.
import type { DataModelStore } from './data-model.js';
import { LastError, asText, callHook, isEmptyArgument, type ApiState, type RuntimeHooks, type TrackingData } from './api-state.js';

type Call = 'initialize' | 'terminate' | 'getValue' | 'setValue' | 'commit';

export interface ApiVersionRules {
  /** The name content calls each method by, used in diagnostics ("LMSFinish", "Terminate"). */
  readonly names: Readonly<Record<Call, string>>;
  /**
   * Error codes of a call in the wrong state: [before Initialize, after Terminate]; for
   * Initialize itself [already initialized, after Terminate].
   */
  readonly stateCodes: Readonly<Record<Call, readonly [number, number]>>;
  /** Diagnostic of Initialize after Terminate. */
  readonly reinitialized: string;
  readonly errors: Readonly<Record<number, string>>;
  /** GetErrorString / GetDiagnostic of a code the version does not define. */
  readonly unknownError: string;
}

export abstract class RuntimeApi<Options extends RuntimeHooks> {
  private state: ApiState = 'not-initialized';
  protected readonly error = new LastError();

  constructor(
    private readonly rules: ApiVersionRules,
    protected readonly options: Options,
    readonly store: DataModelStore,
  ) {}

  get apiState(): ApiState {
    return this.state;
  }

  abstract trackingData(): TrackingData;

  /** The version's end-of-session rules (total time, statuses), run before the state becomes terminated. */
  protected abstract finishSession(): void;

  /** After onTerminate has been told: version-specific follow-ups such as a navigation request. */
  protected afterTerminate(): void {}

  /** A value the version answers itself instead of the data model; undefined lets the data model answer. */
  protected readSpecial(_name: string): string | undefined {
    return undefined;
  }

  /** A diagnostic when the version refuses this SetValue before the data model sees it. */
  protected refuseSet(_name: string): [code: number, diagnostic: string] | undefined {
    return undefined;
  }

  protected guard<T>(fallback: T, body: () => T): T {
    try {
      return body();
    } catch (err) {
      this.error.set(101, `Unexpected failure: ${err instanceof Error ? err.message : String(err)}`);
      return fallback;
    }
  }

  /** Records the state error of `call` when the API is not running; true when it did. */
  private wrongState(call: Exclude<Call, 'initialize'>): boolean {
    if (this.state === 'running') return false;
    const { names, stateCodes } = this.rules;
    const before = this.state === 'not-initialized';
    const name = names[call];
    const diagnostic =
      call === 'terminate'
        ? before
          ? `${name} was called before ${names.initialize}.`
          : `${name} has already been called.`
        : `${name} was called ${before ? 'before' : 'after'} ${before ? names.initialize : names.terminate}.`;
    this.error.set(stateCodes[call][before ? 0 : 1], diagnostic);
    return true;
  }

  /** Records error 201 when the argument of Initialize / Terminate / Commit is not the empty string. */
  private badArgument(call: Call, arg: unknown): boolean {
    if (isEmptyArgument(arg)) return false;
    this.error.set(201, `${this.rules.names[call]} takes the empty string as its argument.`);
    return true;
  }

  protected initialize(arg: unknown): string {
    return this.guard('false', () => {
      if (this.badArgument('initialize', arg)) return 'false';
      const { names, stateCodes } = this.rules;
      if (this.state === 'running') return this.fail(stateCodes.initialize[0], `${names.initialize} has already been called.`);
      if (this.state === 'terminated') return this.fail(stateCodes.initialize[1], this.rules.reinitialized);
      this.state = 'running';
      this.error.clear();
      callHook(this.options.onInitialize);
      return 'true';
    });
  }

  protected terminate(arg: unknown): string {
    return this.guard('false', () => {
      if (this.badArgument('terminate', arg) || this.wrongState('terminate')) return 'false';
      this.finishSession();
      this.state = 'terminated';
      this.error.clear();
      callHook(this.options.onTerminate, this.trackingData());
      this.afterTerminate();
      return 'true';
    });
  }

  protected getValue(element: unknown): string {
    return this.guard('', () => {
      if (this.wrongState('getValue')) return '';
      const name = asText(element);
      const special = this.readSpecial(name);
      if (special !== undefined) return special;
      const result = this.store.get(name);
      this.error.set(result.code, result.diagnostic);
      return result.value;
    });
  }

  protected setValue(element: unknown, value: unknown): string {
    return this.guard('false', () => {
      if (this.wrongState('setValue')) return 'false';
      const name = asText(element);
      const text = asText(value);
      const refused = this.refuseSet(name);
      if (refused) return this.fail(...refused);
      const result = this.store.set(name, text);
      if (result.code) return this.fail(result.code, result.diagnostic);
      this.error.clear();
      callHook(this.options.onSetValue, name, text);
      return 'true';
    });
  }

  protected commit(arg: unknown): string {
    return this.guard('false', () => {
      if (this.badArgument('commit', arg) || this.wrongState('commit')) return 'false';
      this.error.clear();
      callHook(this.options.onCommit, this.trackingData());
      return 'true';
    });
  }

  protected lastError(): string {
    return String(this.error.code);
  }

  protected errorString(code: unknown): string {
    return this.guard('', () => this.rules.errors[errorNumber(code)] ?? this.rules.unknownError);
  }

  protected diagnostic(code: unknown): string {
    return this.guard('', () => {
      const text = asText(code);
      const n = text === '' ? this.error.code : errorNumber(text);
      const known = this.rules.errors[n];
      if (known === undefined) return this.rules.unknownError;
      return n === this.error.code && this.error.diagnostic ? this.error.diagnostic : known;
    });
  }

  protected fail(code: number, diagnostic: string): string {
    this.error.set(code, diagnostic);
    return 'false';
  }

  protected failGet(code: number, diagnostic: string): string {
    this.error.set(code, diagnostic);
    return '';
  }
}

/** Error codes are written as plain decimal integers ("001" is not a code). */
function errorNumber(code: unknown): number {
  const text = asText(code);
  return /^(0|[1-9]\d{0,3})$/.test(text) ? Number(text) : -1;
}
