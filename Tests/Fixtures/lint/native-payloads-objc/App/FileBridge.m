#import <WebKit/WebKit.h>

static NSString *const kReadFile = @"readFile";
static NSString *const kPathKey = @"filePath";

@interface FileBridge : NSObject <WKScriptMessageHandler>
@property (nonatomic, weak) id<WKScriptMessageHandler> target;
@end

@implementation FileBridge

- (void)install:(WKUserContentController *)controller
{
    [controller addScriptMessageHandler:self name:kReadFile];
    [controller addScriptMessageHandler:self name:@"setTitle"];
    [controller addScriptMessageHandler:self name:@"track"];
    [controller addScriptMessageHandler:self name:@"share"];
    [controller addScriptMessageHandler:self name:@"note"];
    [controller addScriptMessageHandler:self name:@"openURL"];
    [controller addScriptMessageHandler:self name:@"late"];
    [controller addScriptMessageHandler:self name:@"relay"];
    [controller addScriptMessageHandler:[[LogBridge alloc] init] name:@"log"];
    [controller addScriptMessageHandler:[Forwarder new] name:@"forwarded"];
}

- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message
{
    NSDictionary *body = (NSDictionary *)message.body;
    if ([message.name isEqualToString:kReadFile]) {
        // Required: the message is dropped without it.
        NSString *path = body[kPathKey];
        if (!path) return;
        [self readFileAtPath:path];
    } else if ([message.name isEqualToString:@"setTitle"]) {
        id title = [body objectForKey:@"title"];
        if (title == nil || ![title isKindOfClass:[NSString class]]) {
            return;
        }
        self.title = title;
    } else if ([@"track" isEqual:message.name]) {
        // Optional, but only a number is ever counted.
        NSNumber *count = body[@"count"];
        if ([count isKindOfClass:[NSNumber class]]) {
            [self track:count.integerValue];
        }
    } else if ([message.name isEqualToString:@"share"]) {
        // The body goes to a helper Hawser does not follow.
        [self share:message.body];
    } else if ([message.name isEqualToString:@"relay"]) {
        // The body is put into an event dictionary for other code: Hawser does not follow it.
        NSMutableDictionary *event = [NSMutableDictionary dictionary];
        [event addEntriesFromDictionary:@{@"data": message.body}];
        [self share:event];
    } else if ([message.name isEqualToString:@"note"]) {
        // An optional read: a post without it is fine.
        NSString *text = [message.body valueForKey:@"text"];
        if (text) {
            [self showNote:text];
        }
    } else if ([message.name isEqualToString:@"openURL"]) {
        NSString *url = body[@"url"];
        if (!url) return;
        [self open:url];
    } else if ([message.name isEqualToString:@"late"]) {
        if (self.busy) return;
        // After a way out that does not depend on the message, nothing is known to be required.
        NSString *when = body[@"when"];
        if (!when) return;
    }
}

@end

@implementation LogBridge

- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message
{
    if (![message.body isKindOfClass:[NSString class]]) return;
    NSLog(@"%@", message.body);
}

@end

@implementation Forwarder

- (void)userContentController:(WKUserContentController *)controller didReceiveScriptMessage:(WKScriptMessage *)message
{
    [self.target userContentController:controller didReceiveScriptMessage:message];
}

@end
