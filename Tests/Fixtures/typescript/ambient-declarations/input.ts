// Ambient declarations are erased whatever they hold.
import { NewTabPage } from "./page.js";
declare module "./page.js" {
  export interface NewTabPage<in out T> {
    mock(): void;
    loader: import("./loader").Loader<number>;
  }
  export const version: string;
  export function helper(x: number): void;
}
declare global {
  interface Window { page: NewTabPage<unknown> }
  var debugMode: boolean;
}
declare namespace Settings {
  const theme = "dark";
  function read(key: string): string;
  namespace Nested { let depth: number }
}
declare const answer = 42, label: string;
declare let counter: number;
declare var legacy: any;
declare function log(message: string): void;
declare class Widget { render(): void }
declare enum Color { Red, Green = 4 }
declare const enum Flag { On = 1 }
declare module "plain-module";
export declare const exported = 1;
export declare function exportedFunction(): void;
export declare class ExportedClass {}
export declare namespace ExportedSpace { const x: number }
NewTabPage.prototype.mock = function () { return "mocked"; };
export const made = new NewTabPage().mock();
