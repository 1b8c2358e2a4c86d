const el = (document.body as HTMLElement).style;
const first = (<string[]>list)[0];
const called = (handler as Function)(1);
(this as any).value = 1;
const kept = (a?.b as any).c;
const num = (1 as number).toFixed(2);
const made = new (factory() as any)();
const sum = (a as number) + (b as number);
const both = ((x as any) as Y).z;
const bang = (maybe! as Thing).run();
const plain = (a).b;
function spans() {
  return (
    value as any
  ).field;
}
const built = new (make().Thing as any).Inner();
const chained = (make() as any).Thing;
