function parse(text: string): number;
function parse(text: number): number;
function parse(text: string | number): number {
  return Number(text);
}
export function format(value: number): string;
export function format(value: string): string;
export function format(value: unknown): string { return String(value); }
class Formatter {
  format(value: number): string;
  format(value: string): string;
  format(value: unknown): string { return String(value); }
}
