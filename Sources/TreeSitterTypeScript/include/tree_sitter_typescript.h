#ifndef TREE_SITTER_TYPESCRIPT_H
#define TREE_SITTER_TYPESCRIPT_H

typedef struct TSLanguage TSLanguage;

/// The tree-sitter-typescript 0.23.2 grammar for `.ts` files (parser ABI 14).
const TSLanguage *tree_sitter_typescript(void);

/// The tree-sitter-typescript 0.23.2 grammar for `.tsx` files: TypeScript with JSX (parser ABI 14).
const TSLanguage *tree_sitter_tsx(void);

#endif
