interface Props { label: string; count?: number }
export function Button({ label, count }: Props): JSX.Element {
  const items = [1, 2] as number[];
  return <button title={label as string} data-count={count!}>{items.map((i: number) => <span key={i}>{i}</span>)}</button>;
}
const generic = <T,>(value: T) => <div>{String(value)}</div>;
