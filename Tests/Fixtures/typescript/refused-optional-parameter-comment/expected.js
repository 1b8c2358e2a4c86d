function optional(a? /* why */: string) { return a; }
