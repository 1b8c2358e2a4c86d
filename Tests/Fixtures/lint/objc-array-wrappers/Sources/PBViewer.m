#import "PBChannelHub.h"

static NSString *const kPBZoomTopic = @"zoomIn";

@interface PBViewer : NSObject
@property (nonatomic, copy) NSArray *defaultTopics;
@end

@implementation PBViewer {
    NSArray *_extraTopics;
    NSArray *_resetTopics;
    NSString *_closeTopic;
    NSArray *_laterTopics;
}

- (instancetype)init {
    if ((self = [super init])) {
        _defaultTopics = @[@"printPage", kPBZoomTopic];
        _extraTopics = @[@"copyLink"];
        _resetTopics = @[@"resetView"];
        _closeTopic = @"closeViewer";
        [self setUpLater];
    }
    return self;
}

// A method called from init gives a value as init does: every such value of the file counts.
- (void)setUpLater {
    _laterTopics = @[@"rotatePage"];
}

- (void)forget {
    _resetTopics = [self loadTopicsFromDisk];
}

- (NSArray *)loadTopicsFromDisk {
    return [NSArray arrayWithContentsOfFile:@"/tmp/topics.plist"];
}

- (void)configure:(PBChannelHub *)hub controller:(WKUserContentController *)ucc {
    [hub subscribeTo:@[@"shareSheet", @"saveImage"]];
    [hub subscribeTo:self.defaultTopics];
    [hub attachTopics:_extraTopics toController:ucc];
    [ucc addScriptMessageHandler:hub name:_closeTopic];
    [hub subscribeTo:_laterTopics];
    // Not arrays of constant names: still unresolved, each with its reason.
    [hub subscribeTo:[self loadTopicsFromDisk]];
    [hub attachTopics:_resetTopics toController:ucc];
    for (NSString *name in [self loadTopicsFromDisk]) {
        [ucc addScriptMessageHandler:hub name:name];
    }
}

@end
