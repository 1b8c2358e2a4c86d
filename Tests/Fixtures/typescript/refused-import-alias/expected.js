import Alias = Some.Namespace.Member;
export import Again = Some.Other;
