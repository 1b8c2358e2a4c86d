export class NewTabPage {}
