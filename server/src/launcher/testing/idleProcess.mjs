// A process that waits to be killed, and sends back any message it is sent (sendToProcess.test.ts). It says
// `ready` once it listens: a message sent before that would be lost.
process.on('message', (message) => process.send?.(message));
process.send?.({ type: 'ready' });
setInterval(() => {}, 60_000);
