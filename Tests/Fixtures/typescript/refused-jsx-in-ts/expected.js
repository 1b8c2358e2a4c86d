const element = <div className="note">hello</div>;
