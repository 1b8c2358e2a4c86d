declare const answer = 42;
export declare const other = 1;
