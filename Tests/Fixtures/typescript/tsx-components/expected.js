
export function Button({ label, count }       )              {
  const items = [1, 2]            ;
  return <button title={label          } data-count={count }>{items.map((i        ) => <span key={i}>{i}</span>)}</button>;
}
const generic =     (value   ) => <div>{String(value)}</div>;
