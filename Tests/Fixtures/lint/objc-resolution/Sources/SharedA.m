// Two files define kShared differently; a third file cannot tell which one it sees.
static NSString *const kShared = @"sharedA";
