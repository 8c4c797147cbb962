// @with-logic/elwood/testing: the offline test kit (scripted model servers and
// isolated agent homes). Kept out of the main entry on purpose.
export {};
