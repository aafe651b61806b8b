// CSS modules: webpack's css-loader (and identity-obj-proxy in jest) give a class-name map.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
