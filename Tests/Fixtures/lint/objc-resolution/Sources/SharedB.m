static NSString *const kShared = @"sharedB";
