// Erasure leaves no blanks at the end of a line; a template literal keeps its own.
interface Options {
  verbose: boolean;
}
type Id = string;   
export const options: Options = { verbose: true };   
export const text: string = `first line   
second line	
${options.verbose as boolean}   `;
export const id: Id = "x";
