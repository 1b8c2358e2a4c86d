// The app installs this one only where b.js is not (registration: manual).
// hawser-ignore: duplicate-global
let both = 3;
