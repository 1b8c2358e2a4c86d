int a = 1; \\\
\
NSString *s;
