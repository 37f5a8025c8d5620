export declare const SERVER_BUNDLE: string;
export declare const SERVER_NODE_ARGS: string[];
export declare function ensureServerBuild(): Promise<string>;
