
const g = Array.of        ;
const h = tag        `x${1}`;
const k = new Map                ;
const m = tag        `plain`;
const compare = 1 < 2 && 3 > 2;
