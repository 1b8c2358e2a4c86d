// Erasure leaves no blanks at the end of a line; a template literal keeps its own.




export const options          = { verbose: true };
export const text         = `first line   
second line	
${options.verbose           }   `;
export const id     = "x";
