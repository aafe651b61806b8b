const { startProduct } = await import('/work/main/e2e/support/product.ts');
const { startUpstreams } = await import('/work/main/e2e/support/upstreams.ts');
const upstreams = await startUpstreams();
const product = await startProduct({ env: upstreams.env });
const r = await fetch(`${product.wwwUrl}/`, { headers: { 'accept-encoding': 'identity' } });
const body = await r.text();
console.log('html bytes', body.length, 'boot bytes', (body.match(/<script id="skylift-boot"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? '').length);
const u = product.wwwUrl.replace("localhost", "127.0.0.1"); const t0 = performance.now(); for (let i = 0; i < 50; i++) await (await fetch(`${u}/`)).text(); console.log('avg ms per page', ((performance.now() - t0) / 50).toFixed(1));
await product.stop(); await upstreams.stop();
