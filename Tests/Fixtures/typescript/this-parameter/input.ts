function onClick(this: HTMLElement, event: Event) { return this.id + event.type; }
function only(this: Window) { return this; }
function last(a: number, this: never) {}
const handler = function (this: Window, ...rest: number[]) {};
