// RapiDoc ships no types: importing it registers the <rapi-doc> custom element (ApiReference.tsx).
declare module 'rapidoc';
