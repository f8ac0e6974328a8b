/** The parts of tincanjs (no bundled types) the client-library tests use. */
declare module 'tincanjs' {
  type Callback<T> = (err: unknown, result: T) => void;
  interface StatementInstance {
    id: string;
    verb: { id: string };
  }
  interface AgentInstance {
    objectType: 'Agent';
  }
  interface ActivityInstance {
    id: string;
  }
  interface VerbInstance {
    id: string;
  }
  interface StatementsResult {
    statements: StatementInstance[];
    more: string | null;
  }
  interface StateResult {
    contents: unknown;
    etag: string;
  }
  interface DocumentTarget {
    activity: ActivityInstance;
    agent: AgentInstance;
    registration?: string;
  }
  interface LrsInstance {
    saveStatement(statement: StatementInstance, cfg: { callback: Callback<unknown> }): void;
    retrieveStatement(id: string, cfg: { callback: Callback<StatementInstance | null> }): void;
    retrieveVoidedStatement(id: string, cfg: { callback: Callback<StatementInstance | null> }): void;
    queryStatements(cfg: { params: Record<string, unknown>; callback: Callback<StatementsResult> }): void;
    saveState(key: string, value: unknown, cfg: DocumentTarget & { contentType?: string; callback: Callback<unknown> }): void;
    retrieveState(key: string, cfg: DocumentTarget & { callback: Callback<StateResult | null> }): void;
    dropState(key: string | null, cfg: DocumentTarget & { callback: Callback<unknown> }): void;
  }
  const TinCan: {
    LRS: new (cfg: { endpoint: string; username: string; password: string; version?: string; allowFail?: boolean }) => LrsInstance;
    Statement: new (cfg: Record<string, unknown>) => StatementInstance;
    Agent: new (cfg: Record<string, unknown>) => AgentInstance;
    Activity: new (cfg: { id: string }) => ActivityInstance;
    Verb: new (cfg: { id: string }) => VerbInstance;
  };
  export default TinCan;
}
