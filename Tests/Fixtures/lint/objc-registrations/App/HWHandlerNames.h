#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Reads a file for the page; defined in HWHandlerNames.m.
FOUNDATION_EXPORT NSString *const HWReadFileHandler;
extern NSString *const HWAnalyticsHandler;

#define HW_HAPTIC_HANDLER @"haptic"
#define HW_SHARE_HANDLER (@"share")

NS_ASSUME_NONNULL_END
