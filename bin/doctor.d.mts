// Types of bin/doctor.mjs for the tests (test/doctor/).
export declare const USAGE: string;
export declare function doctor(
  argv: string[],
  io?: { print?: (line: string) => void; fetch?: typeof fetch },
): Promise<number>;
export declare function allows(sources: string[], url: URL, page: URL): boolean;
