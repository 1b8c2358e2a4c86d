// refused at 2:10
export { missing };
