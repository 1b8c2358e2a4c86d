#ifndef TREE_SITTER_JAVASCRIPT_H
#define TREE_SITTER_JAVASCRIPT_H

typedef struct TSLanguage TSLanguage;

/// The tree-sitter-javascript 0.23.1 grammar (parser ABI 14).
const TSLanguage *tree_sitter_javascript(void);

#endif
