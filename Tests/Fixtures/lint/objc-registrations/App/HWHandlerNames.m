#import "HWHandlerNames.h"

NSString *const HWReadFileHandler = @"readFile";
NSString *const HWAnalyticsHandler = @"analytics";
