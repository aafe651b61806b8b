// The async boundary: shared modules (React, the router, the shared library) are negotiated before any of them runs.
import('./bootstrap');
