import React from "react";
import { WebView } from "react-native-webview";

type Props = { title: string };

// The page a React Native screen renders: its script calls the shim.
const page = (title: string) => `<!DOCTYPE html>
<html>
  <body>
    <h1>${title}</h1>
    <script>
      window.NativeBridge.postMessage(JSON.stringify({ type: "ready" }));
      document.body.onclick = () => window.legacyBridge.postMessage("tap");
    </script>
  </body>
</html>`;

export function Screen({ title }: Props): JSX.Element {
  return <WebView source={{ html: page(title) }} onMessage={(event) => console.log(event.nativeEvent.data)} />;
}
