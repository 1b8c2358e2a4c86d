// accepted
export default class {}
